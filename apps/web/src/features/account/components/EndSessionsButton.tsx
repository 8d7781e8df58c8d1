import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmDialog, toastSuccess } from '../../../lib/notify';
import { useEndEmployeeSessions } from '../api';

/** HR administrators, on an employee's profile: ends every session of the employee at once (audited). */
export function EndSessionsButton({ employeeId, name }: { employeeId: number; name: string }) {
  const { t } = useTranslation();
  const end = useEndEmployeeSessions();

  const endAll = async () => {
    const sure = await confirmDialog({
      title: t('account.hr.endTitle', { name }),
      content: t('account.hr.endText'),
      okText: t('account.hr.end'),
      danger: true,
    });
    if (!sure) return;
    end.mutate(employeeId, {
      onSuccess: (answer) => toastSuccess(t('account.hr.ended', { count: answer.ended, name })),
    });
  };

  return (
    <Button
      icon={<LogoutOutlined aria-hidden className="flip-rtl" />}
      loading={end.isPending}
      onClick={() => void endAll()}
    >
      {t('account.hr.end')}
    </Button>
  );
}
