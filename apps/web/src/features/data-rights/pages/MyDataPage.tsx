import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import { DATA_AREAS } from '@hr/contracts/data-areas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { PlainCard } from '../../../components/PlainBlocks';
import { PlainIcon } from '../../../components/PlainIcon';
import { Button } from '../../../components/plain/Button';
import { reportError, toastSuccess } from '../../../lib/notify';
import { downloadMyData } from '../api';
import '../data-rights.css';

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
      <PlainCard title={null}>
        <div className="data-rights-export">
          <h2 className="data-rights-export__title">{t('dataRights.export.contentsTitle')}</h2>
          <ul className="data-rights-areas">
            {DATA_AREAS.map((area) => (
              <li key={area}>{t(`dataRights.area.${area}`)}</li>
            ))}
          </ul>
          <p className="plain-secondary data-rights-export__others">{t('dataRights.export.others')}</p>
          <Button
            variant="primary"
            icon={<PlainIcon icon={DownloadOutlined} />}
            loading={busy}
            onClick={() => void download()}
          >
            {t('dataRights.export.download')}
          </Button>
        </div>
      </PlainCard>
    </div>
  );
}
