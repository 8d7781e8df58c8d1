import { CopyOutlined } from '@ant-design/icons';
import { DEVICE_KEY_HEADER, type DeviceWithKey } from '@hr/contracts/attendance-intake';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/notify';
import { PUNCHES_PATH } from '../api';

/**
 * A device's key, the one time it can be shown (when the device is added or
 * gets a new key): only its hash is kept, so closing this dialog loses it.
 */
export function DeviceKeyModal({ device, onClose }: { device: DeviceWithKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (!device) return;
    try {
      await navigator.clipboard.writeText(device.key);
      toastSuccess(t('attendanceAdmin.key.copied'));
    } catch {
      toastError(t('attendanceAdmin.key.copyFailed'));
    }
  };
  return (
    <Modal
      open={device !== null}
      title={device ? t('attendanceAdmin.key.title', { name: device.name }) : ''}
      onCancel={onClose}
      destroyOnHidden
      // The key must not vanish by a stray click beside the dialog.
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('attendanceAdmin.key.done')}
        </Button>
      }
      width={640}
    >
      {device ? (
        <Flex vertical gap={16}>
          <Alert type="warning" showIcon title={t('attendanceAdmin.key.warning')} />
          <div>
            <Typography.Text strong>
              <label htmlFor="attendance-device-key">{t('attendanceAdmin.key.label')}</label>
            </Typography.Text>
            <Flex gap={8} style={{ marginTop: 4 }}>
              <Input
                id="attendance-device-key"
                readOnly
                value={device.key}
                className="attendance-admin-key"
                onFocus={(e) => e.target.select()}
              />
              <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
                {t('attendanceAdmin.key.copy')}
              </Button>
            </Flex>
          </div>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('attendanceAdmin.key.how', {
              path: PUNCHES_PATH,
              header: DEVICE_KEY_HEADER,
              code: device.code,
            })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            <code dir="ltr">
              POST {PUNCHES_PATH}
              <br />
              {DEVICE_KEY_HEADER}: {'<key>'}
              <br />
              {'{ "punches": [{ "eid": "1004", "at": "2026-01-05 08:59:00" }] }'}
            </code>
          </Typography.Paragraph>
        </Flex>
      ) : null}
    </Modal>
  );
}
