import { DownloadOutlined } from '@ant-design/icons';
import { DATA_AREAS } from '@hr/contracts/data-rights';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { reportError, toastSuccess } from '../../../lib/notify';
import { downloadMyData } from '../api';

/**
 * /account/data (user menu → Your data): everything the portal holds about the
 * reader, downloaded as one zip (a JSON file per area, their files, a README
 * and an index). The server makes one archive at a time per person.
 */
export function Component() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadMyData();
      toastSuccess(t('dataRights.export.started'));
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="data-rights-page">
      <PageHeader title={t('dataRights.export.title')} subtitle={t('dataRights.export.intro')} />
      <Card style={{ marginTop: 16 }}>
        <Flex vertical gap={12} align="flex-start">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('dataRights.export.contentsTitle')}
          </Typography.Title>
          <ul className="data-rights-areas">
            {DATA_AREAS.map((area) => (
              <li key={area}>{t(`dataRights.area.${area}`)}</li>
            ))}
          </ul>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('dataRights.export.others')}
          </Typography.Paragraph>
          <Button
            type="primary"
            icon={<DownloadOutlined aria-hidden />}
            loading={busy}
            onClick={() => void download()}
          >
            {t('dataRights.export.download')}
          </Button>
        </Flex>
      </Card>
    </div>
  );
}
