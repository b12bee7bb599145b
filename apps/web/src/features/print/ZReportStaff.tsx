import { type ZReportStaff as Staff, hoursAndMinutes } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { storeTime } from '../../lib/store-time.ts';
import classes from './print.module.css';
import z from './z-report.module.css';

/**
 * The Z report's "Who worked" (issue 31, docs/timeclock.md): each entry on the time clock during the
 * shift, clock in and out on the store's clock, and the time worked inside the shift (breaks excluded).
 */
export function ZReportStaff({ staff, timezone }: { staff: Staff[]; timezone: string }) {
  const { t } = useTranslation('shifts');
  return (
    <>
      <h2 className={z.section}>{t('z.staff')}</h2>
      {staff.length === 0 && <p className={classes.block}>{t('z.noStaff')}</p>}
      {staff.map((s, i) => (
        <div key={`${s.user_id}-${i}`} className={classes.row} data-testid="z-staff">
          <span>
            {s.name} {storeTime(s.clock_in, timezone)}–
            {s.clock_out ? storeTime(s.clock_out, timezone) : t('z.onClock')}
          </span>
          <span className={`${classes.money} ${z.keep}`}>{hoursAndMinutes(s.worked_minutes)}</span>
        </div>
      ))}
    </>
  );
}
