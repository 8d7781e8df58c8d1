import { DownloadOutlined } from '@ant-design/icons';
import {
  EMPLOYEE_FILE_MAX_BYTES,
  EMPLOYEE_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_REQUIRED,
  EMPLOYEE_TEMPLATE,
  type EmployeeImport,
  type EmployeeImportColumn,
  type EmployeeImportRowError,
} from '@hr/contracts/employee-import';
import { Alert, Button, Flex, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { commonCounts, type ImportKind } from '../../../components/import/api';
import { ImportPanel } from '../../../components/import/ImportPanel';
import { ImportsPanel } from '../../../components/import/ImportsPanel';
import { translateValidation } from '../../../lib/i18n';

const EXAMPLE = [
  'eid,name,mobile,email,company,office,designation,line_manager_eid,joining_date',
  'E-2001,Rina Das,01712345678,rina.das@example.com,Example Ltd,Head Office,Accountant,E-2002,2024-01-15',
  'E-2002,Karim Uddin,01812345678,,Example Ltd,Head Office,Finance Manager,,15-03-2019',
].join('\n');

/** Why a row was refused, with the rule's own text when a cell broke one. */
function Reason({ error, t }: { error: EmployeeImportRowError; t: TFunction }) {
  const reason = t(`employeeImport.reasons.${error.reason}`);
  if (error.detail === null) return reason;
  return (
    <Flex vertical>
      <span>{reason}</span>
      <Typography.Text type="secondary">{translateValidation(error.detail)}</Typography.Text>
    </Flex>
  );
}

/** Employee files on the import screen: their counts (updated and unchanged too) and reasons. */
function employeeKind(t: TFunction): ImportKind<EmployeeImport> {
  const counts = commonCounts(t);
  return {
    path: 'employees/imports',
    maxBytes: EMPLOYEE_FILE_MAX_BYTES,
    counts: [
      counts.total,
      counts.added,
      { key: 'updated', label: t('employeeImport.counts.updated'), value: (r) => r.updated },
      { ...counts.duplicates, label: t('employeeImport.counts.unchanged') },
      counts.refused,
    ],
    reason: (error) => <Reason error={error} t={t} />,
  };
}

/** Hands the template (the first line, naming every column) to the browser as a file. */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([EMPLOYEE_TEMPLATE], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'employees-template.csv';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The columns of an employee file: each by its name on the first line, whether required, what it holds. */
function Columns() {
  const { t } = useTranslation();
  return (
    <Table<{ column: EmployeeImportColumn }>
      size="small"
      rowKey="column"
      pagination={false}
      aria-label={t('employeeImport.columns.title')}
      dataSource={EMPLOYEE_IMPORT_COLUMNS.map((column) => ({ column }))}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'column',
          title: t('employeeImport.columns.column'),
          render: (_, { column }) => (
            <Typography.Text code dir="ltr">
              {column}
            </Typography.Text>
          ),
        },
        {
          key: 'required',
          title: t('employeeImport.columns.required'),
          render: (_, { column }) =>
            EMPLOYEE_IMPORT_REQUIRED.includes(column) ? (
              <Tag color="blue">{t('employeeImport.columns.yes')}</Tag>
            ) : (
              <Tag>{t('employeeImport.columns.no')}</Tag>
            ),
        },
        {
          key: 'holds',
          title: t('employeeImport.columns.holds'),
          render: (_, { column }) => t(`employeeImport.columns.about.${column}`),
        },
      ]}
    />
  );
}

/**
 * The CSV import of employees and the last employee imports, on the import
 * screen every import shares: the columns of an employee file, the
 * template, and that imported employees have no sign-in user yet.
 */
export function EmployeeImports() {
  const { t } = useTranslation();
  const kind = employeeKind(t);
  return (
    <>
      <ImportPanel title={t('employeeImport.import.title')} kind={kind}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Typography.Text strong>{t('employeeImport.columns.title')}</Typography.Text>
            <Button icon={<DownloadOutlined aria-hidden />} onClick={downloadTemplate}>
              {t('employeeImport.template')}
            </Button>
          </Flex>
          <Columns />
          <ul className="import-columns">
            <li>{t('employeeImport.rules.names')}</li>
            <li>{t('employeeImport.rules.optional')}</li>
            <li>{t('employeeImport.rules.same')}</li>
            <li>{t('employeeImport.rules.format')}</li>
          </ul>
          <Alert
            type="warning"
            showIcon
            role="note"
            title={t('employeeImport.rules.users', { action: t('profile.admin.addUser') })}
          />
          <div>
            <Typography.Text strong>{t('imports.example')}</Typography.Text>
            <pre className="import-example" dir="ltr">
              {EXAMPLE}
            </pre>
          </div>
        </Flex>
      </ImportPanel>
      <ImportsPanel title={t('employeeImport.last')} kind={kind} />
    </>
  );
}
