import { useTranslation } from 'react-i18next';
import classes from './print.module.css';

/** The paper's CSS: its width, no page margin (the printer keeps its own). */
export function PaperStyle({ width }: { width: 80 | 57 }) {
  return <style>{`@page { size: ${width}mm auto; margin: 0 }`}</style>;
}

/** The popup opened without anything left to print (a reload after the data was cleared, a bookmark). */
export function NothingToPrint() {
  const { t } = useTranslation('print');
  return (
    <main className={classes.empty}>
      <h1 className={classes.storeName}>{t('empty')}</h1>
    </main>
  );
}
