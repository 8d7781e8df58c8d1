import { DownloadOutlined } from '@ant-design/icons';
import type { EprDetail } from '@hr/contracts/epr';
import { eprPdfFileName } from '@hr/contracts/epr-pdf';
import { EPR_STATUS } from '@hr/contracts/workflow';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../lib/download';
import { reportError } from '../../../lib/notify';

/**
 * "Download PDF" in the review's header once it is completed (status 4):
 * the server renders the four sections (GET eprs/{id}/pdf), and the file
 * is saved under the name the server gives it.
 */
export function EprPdfButton({ review }: { review: Pick<EprDetail, 'id' | 'status' | 'employee'> }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  if (review.status.id !== EPR_STATUS.completed) return null;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`eprs/${review.id}/pdf`, eprPdfFileName(review).unicode);
    } catch (error) {
      reportError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={() => void download()}>
      {t('epr.pdf.download')}
    </Button>
  );
}
