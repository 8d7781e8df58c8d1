import LinkOutlined from '@ant-design/icons-svg/es/asn/LinkOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInFrame } from '../../../components/frame/load';
import { PlainIcon } from '../../../components/PlainIcon';
import { Button } from '../../../components/plain/Button';

/** The dialog, drawn with Ant Design: loaded with its frame when first opened. */
const CalendarFeedsDialog = lazyInFrame(
  () => import('./CalendarFeedsDialog').then((m) => m.CalendarFeedsDialog),
  (props) => props.open,
);

/**
 * "Calendar feed": a dialog with the secret addresses of the caller's own
 * feed and, for managers, their team's, to subscribe to in a calendar
 * program (docs/decisions.md, "Calendar feeds"). An address shows only when
 * it is made (the first time the dialog opens, or after "Make a new link").
 * The button is drawn without Ant Design; the dialog comes when first opened.
 */
export function CalendarFeedsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PlainIcon icon={LinkOutlined} />} onClick={() => setOpen(true)}>
        {t('calendarFeeds.open')}
      </Button>
      <CalendarFeedsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
