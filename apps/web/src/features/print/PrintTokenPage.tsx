import { paperWidth } from '@comanda/core';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { readToken } from '../../lib/print.ts';
import { storeDateTime } from '../../lib/store-time.ts';
import { NothingToPrint, PaperStyle } from './PrintParts.tsx';
import { useAutoPrint } from './use-auto-print.ts';
import classes from './print.module.css';

/**
 * /print-token (SPEC §2 Receipt and token pages): the token number, big, with the date and time on the
 * store's clock, at the paper's width (80 mm unless the opener said 57).
 */
export function PrintTokenPage() {
  const { t } = useTranslation('print');
  const [data] = useState(readToken);
  useDocumentTitle(t('tokenTitle'));
  useAutoPrint(data !== null);
  if (!data) return <NothingToPrint />;
  const width = paperWidth(data.pageFormat);
  const style = { '--paper-width': `${width}mm` } as CSSProperties;
  return (
    <main className={classes.page}>
      <PaperStyle width={width} />
      <article
        className={`${classes.paper} ${classes.center}`}
        style={style}
        data-testid="token"
        data-width={width}
      >
        <h1 className={classes.storeName}>{t('tokenNo')}</h1>
        <p className={classes.tokenBig} data-testid="token-no">
          {data.tokenNo}
        </p>
        <p className={classes.block} data-testid="token-date">
          {storeDateTime(data.date, data.timezone)}
        </p>
        {data.provisional && (
          <p className={classes.block} data-testid="token-provisional">
            {t('provisional')}
          </p>
        )}
      </article>
    </main>
  );
}
