import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import { useState } from 'react';
import { PlainIcon } from '../../../components/PlainIcon';
import { Button } from '../../../components/plain/Button';
import { reportError } from '../../../lib/notify';

/** A CSV export: disabled while there is nothing to export, busy while the file comes. */
export function ExportButton({
  label,
  disabled,
  onExport,
}: {
  label: string;
  disabled: boolean;
  onExport: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<PlainIcon icon={DownloadOutlined} />}
      disabled={disabled}
      loading={busy}
      onClick={() => void run()}
    >
      {label}
    </Button>
  );
}
