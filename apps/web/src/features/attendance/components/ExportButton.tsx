import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
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
      icon={<DownloadOutlined aria-hidden />}
      disabled={disabled}
      loading={busy}
      onClick={() => void run()}
    >
      {label}
    </Button>
  );
}
