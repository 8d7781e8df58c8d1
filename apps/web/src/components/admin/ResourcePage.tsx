import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@hr/contracts/limits';
import type { FormRule } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { translateAdmin } from '../../lib/admin-forms';
import { type AdminResource, useAdminList, useAdminMutations } from '../../lib/admin-resources';
import { confirmDelete } from '../../lib/confirm-delete';
import type { Query } from '../../lib/http';
import { reportError, toastSuccess } from '../../lib/notify';
import { type FormState, useForm } from '../../lib/use-form';
import { useDebounced } from '../employee-search/use-debounced';
import { FormDialog } from '../form/FormDialog';
import { lazyInFrame } from '../frame/load';
import { CardList, useCardLayout } from '../list/CardList';
import { PageHeader } from '../PageHeader';
import { PlainCard } from '../PlainBlocks';
import { PlainIcon } from '../PlainIcon';
import { Button } from '../plain/Button';
import { FieldMarks } from '../plain/Field';
import { Pagination } from '../plain/Pagination';
import { SearchInput } from '../plain/SearchInput';
import { type Column, Table } from '../plain/Table';
import { NameTranslations } from './NameTranslations';
import './admin.css';

/** A list whose fields are still drawn with Ant Design: its form comes with the frame when first opened. */
const LegacyResourceForm = lazyInFrame(
  () => import('./LegacyResourceForm').then((m) => m.LegacyResourceForm),
  (props) => props.open,
);

/** SPEC.md §2: lists sort by id, newest first, unless a screen says otherwise. */
const DEFAULT_SORT = 'id,desc';

/** A row button of a screen's own, beside edit and delete (ending a policy). */
export interface ResourceAction<Row> {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: (row: Row) => void;
}

export interface ResourcePageProps<Row extends { id: number; name: string }, Values extends object> {
  resource: AdminResource;
  columns: Column<Row>[];
  /** Column keys the server sorts by (the key is the sort field). */
  sortFields: readonly string[];
  /** The sort before the user picks one (default `id,desc`). */
  defaultSort?: string;
  schema: z.ZodType;
  emptyValues: Values;
  toValues: (row: Row) => Values;
  toBody: (values: Values) => object;
  /** The form's fields, drawn with the portal's own (components/plain/Field). */
  fields?: (form: FormState<Values>) => ReactNode;
  /** The fields of a list not yet drawn with the portal's own: Ant Design's form items. */
  antdFields?: (rules: (field: string) => FormRule[]) => ReactNode;
  /** The screen's own filters beside the search (a year picker), and what they send. */
  filters?: ReactNode;
  filterQuery?: Query;
  /**
   * One of several lists on a screen (a tab): no page title of its own, the
   * plus button beside the search, and its sort remembered apart.
   */
  embedded?: boolean;
  /**
   * Where the screen's texts (title, subtitle, add, searchPlaceholder, empty,
   * createTitle, editTitle) are: `admin.<resource>` unless a module keeps
   * them in its own locale file (`shifts.admin`).
   */
  texts?: string;
  /**
   * The kind keeps its name in the portal's other languages (`name_translations`,
   * each at most this many characters like the name): the form edits them under
   * the name, checked by `schema` as the name is.
   */
  translatedName?: number;
  /**
   * What the caller may do with each row, as the server sent it (the row's
   * `actions`): only the buttons it names are drawn (`edit`, `delete` and the
   * keys of `moreActions`). Without it every row has edit and delete.
   */
  rowActions?: (row: Row) => readonly string[];
  /** Row buttons of the screen's own, drawn before edit and delete. */
  moreActions?: ResourceAction<Row>[];
  /** The form dialog's width, for a form with many fields (520 by default). */
  formWidth?: number;
}

type ScreenText = 'title' | 'subtitle' | 'add' | 'searchPlaceholder' | 'empty' | 'createTitle' | 'editTitle';

function savedSort(key: string, fields: readonly string[], fallback: string): string {
  const value = localStorage.getItem(key);
  const [field, dir] = (value ?? '').split(',');
  return field && fields.includes(field) && (dir === 'asc' || dir === 'desc') ? `${field},${dir}` : fallback;
}

/**
 * One administration list (SPEC.md §2 common list behaviour): a circular plus
 * button opening the create form, pages of 10/20/50 with the pagination at
 * top and bottom, sort remembered per URL, search, edit in the same form
 * (checked with the API's own zod schema), delete after 'Do you want to
 * delete this item?'. Every reference list of the administration runs on it.
 */
export function ResourcePage<Row extends { id: number; name: string }, Values extends object>(
  props: ResourcePageProps<Row, Values>,
) {
  const { t } = useTranslation();
  const location = useLocation();
  const r = props.resource.name;
  const resource = props.resource;
  const defaultSort = props.defaultSort ?? DEFAULT_SORT;
  const sortKey = `hr.sort:${location.pathname}${props.embedded ? `#${r}` : ''}`;
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState(() => savedSort(sortKey, ['id', ...props.sortFields], defaultSort));
  const [search, setSearch] = useState('');
  const settled = useDebounced(search);
  const filterQuery = props.filterQuery ?? {};
  const list = useAdminList<Row>(resource, { page, limit, sort, search: settled }, filterQuery);
  const { create, update, remove } = useAdminMutations<Row, object>(resource);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [initial, setInitial] = useState<Values>(props.emptyValues);
  const form = useForm<Values>({
    initial: props.emptyValues,
    schema: props.schema,
    translate: translateAdmin,
  });
  const cards = useCardLayout();

  const filterKey = JSON.stringify(filterQuery);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts from the first page
  useEffect(() => setPage(1), [settled, filterKey]);

  // A page emptied by a delete moves back one.
  useEffect(() => {
    const pages = list.data?.pagination.pages;
    if (pages && page > pages) setPage(pages);
  }, [list.data, page]);

  const open = (row: Row | 'new') => {
    const values = row === 'new' ? props.emptyValues : props.toValues(row);
    const names = row === 'new' ? {} : ((row as { name_translations?: object }).name_translations ?? {});
    const start = (props.translatedName ? { ...values, name_translations: names } : values) as Values;
    setInitial(start);
    form.reset(start);
    setEditing(row);
  };

  /** Sends the values; a refusal is thrown back to the form that shows it. */
  const send = async (values: Values) => {
    const all = { ...props.emptyValues, ...values };
    const body = props.translatedName
      ? {
          ...props.toBody(all),
          name_translations: (all as { name_translations?: object }).name_translations ?? {},
        }
      : props.toBody(all);
    if (editing === 'new') {
      await create.mutateAsync(body);
      toastSuccess(t('notices.saved'));
    } else if (editing) {
      await update.mutateAsync({ id: editing.id, body });
      toastSuccess(t('notices.updated'));
    }
    setEditing(null);
  };

  const askDelete = async (row: Row) => {
    if (!(await confirmDelete(row.name))) return;
    try {
      await remove.mutateAsync(row.id);
      toastSuccess(t('notices.deleted', { name: row.name }));
    } catch (error) {
      reportError(error);
    }
  };

  const columns: Column<Row>[] = [
    ...props.columns.map((c) =>
      c.key && props.sortFields.includes(String(c.key)) ? { ...c, sortField: String(c.key) } : c,
    ),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 110 + 40 * (props.moreActions?.length ?? 0),
      align: 'end',
      render: (_, row) => {
        const allowed = props.rowActions?.(row);
        const may = (key: string) => !allowed || allowed.includes(key);
        return (
          <span className="admin-row-actions">
            {(props.moreActions ?? [])
              .filter((a) => may(a.key))
              .map((a) => (
                <Button
                  key={a.key}
                  variant="text"
                  icon={a.icon}
                  title={a.label}
                  aria-label={`${a.label} ${row.name}`}
                  onClick={() => a.onClick(row)}
                />
              ))}
            {may('edit') ? (
              <Button
                variant="text"
                icon={<PlainIcon icon={EditOutlined} />}
                title={t('common.edit')}
                aria-label={`${t('common.edit')} ${row.name}`}
                onClick={() => open(row)}
              />
            ) : null}
            {may('delete') ? (
              <Button
                variant="text"
                className="admin-row-actions__delete"
                icon={<PlainIcon icon={DeleteOutlined} />}
                title={t('common.delete')}
                aria-label={`${t('common.delete')} ${row.name}`}
                onClick={() => askDelete(row)}
              />
            ) : null}
          </span>
        );
      },
    },
  ];

  const onSort = (next: string) => {
    localStorage.setItem(sortKey, next);
    setSort(next);
    setPage(1);
  };
  const onPage = (next: number, size: number) => {
    if (size !== limit) {
      setLimit(size);
      setPage(1);
    } else setPage(next);
  };

  const texts = props.texts ?? `admin.${r}`;
  // Keys built at run time; the cast names one existing key for the typed `t`.
  const text = (key: ScreenText) => t(`${texts}.${key}` as 'admin.companies.title');
  const title = text('title');
  const formTitle = editing === 'new' ? text('createTitle') : text('editTitle');
  const pending = create.isPending || update.isPending;
  const add = (
    <Button
      variant="primary"
      circle
      size={props.embedded ? 'middle' : 'large'}
      icon={<PlainIcon icon={PlusOutlined} />}
      title={text('add')}
      aria-label={text('add')}
      onClick={() => open('new')}
    />
  );
  return (
    <>
      {props.embedded ? null : <PageHeader title={title} subtitle={text('subtitle')} extra={add} />}
      <PlainCard title={null}>
        <div className="admin-toolbar">
          <div className="admin-toolbar__filters">
            <SearchInput
              allowClear
              value={search}
              onChange={setSearch}
              placeholder={text('searchPlaceholder')}
              aria-label={t('common.search')}
              maxLength={100}
              className="admin-toolbar__search"
            />
            {props.filters}
          </div>
          {props.embedded ? add : null}
        </div>
        {cards ? (
          <CardList<Row>
            rowKey="id"
            columns={columns}
            data={list.data?.items}
            loading={list.isFetching}
            label={title}
            empty={text('empty')}
            page={page}
            pageSize={limit}
            total={list.data?.total ?? 0}
            pageSizeOptions={PAGE_SIZES}
            onPage={onPage}
            showTotal={(n) => t('admin.common.total', { count: n })}
            sort={{
              value: sort,
              onChange: onSort,
              fields: props.columns.flatMap((c) =>
                c.key && props.sortFields.includes(String(c.key)) && typeof c.title === 'string'
                  ? [{ field: String(c.key), title: c.title }]
                  : [],
              ),
            }}
          />
        ) : (
          <>
            <Pagination
              current={page}
              pageSize={limit}
              total={list.data?.total ?? 0}
              pageSizeOptions={PAGE_SIZES}
              showTotal={(n) => t('admin.common.total', { count: n })}
              onChange={onPage}
            />
            <Table<Row>
              rowKey="id"
              columns={columns}
              rows={list.data?.items ?? []}
              loading={list.isFetching}
              label={title}
              empty={text('empty')}
              sort={{ value: sort, onChange: onSort, reset: defaultSort }}
            />
            <Pagination
              current={page}
              pageSize={limit}
              total={list.data?.total ?? 0}
              pageSizeOptions={PAGE_SIZES}
              showTotal={(n) => t('admin.common.total', { count: n })}
              onChange={onPage}
            />
          </>
        )}
      </PlainCard>
      {props.fields ? (
        <FormDialog
          open={editing !== null}
          title={formTitle}
          form={form}
          onValid={(values) => send(values).catch(form.serverErrors)}
          pending={pending}
          onClose={() => setEditing(null)}
          width={props.formWidth}
        >
          <FieldMarks.Provider value="optional">
            {props.fields(form)}
            {props.translatedName ? <NameTranslations form={form} maxLength={props.translatedName} /> : null}
          </FieldMarks.Provider>
        </FormDialog>
      ) : props.antdFields ? (
        <LegacyResourceForm
          open={editing !== null}
          title={formTitle}
          width={props.formWidth}
          name={r}
          initial={initial}
          schema={props.schema}
          fields={props.antdFields}
          translatedName={props.translatedName}
          pending={pending}
          onSave={(values) => send(values as Values)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
