import type { ReactNode } from 'react';
import { t } from '../texts.ts';
import styles from '../qrmenu.module.css';

/** A whole-page message (broken link, menu not available, load error) with an optional action. */
export function Outcome({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.outcome}>
        <h1>{title}</h1>
        {text && <p>{text}</p>}
        {children}
      </div>
    </main>
  );
}

/** 'Please wait...' while the menu or the order loads. */
export function Waiting() {
  return (
    <main className={styles.page} aria-busy="true">
      <p className={styles.center} role="status">
        {t('loading')}
      </p>
    </main>
  );
}
