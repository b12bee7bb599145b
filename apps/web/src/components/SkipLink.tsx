import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id every layout gives its `main`, the skip link's target. */
export const MAIN_ID = 'main-content';

/** 'Skip to content': the first stop of the keyboard on every page; moves focus into `main`. */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      {t('skipToContent')}
    </a>
  );
}
