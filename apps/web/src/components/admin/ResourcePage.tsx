import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@hr/contracts/limits';
import { Button, Card, Flex, Form, type FormRule, Input, Modal, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { adminRules, applyAdminErrors } from '../../lib/admin-forms';
import { type AdminResource, useAdminList, useAdminMutations } from '../../lib/admin-resources';
import { confirmDelete } from '../../lib/confirm-delete';
import { keepEnterInPickers } from '../../lib/forms';
import type { Query } from '../../lib/http';
import { reportError, toastSuccess } from '../../lib/notify';
import { useDebounced } from '../employee-search/use-debounced';
import { CardList, useCardLayout } from '../list/CardList';
import { PageHeader } from '../PageHeader';
import { Pagination } from '../plain/Pagination';
import { type Column, Table } from '../plain/Table';
import { NameTranslationsFields } from './NameTranslationsFields';
import './admin.css';

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
  fields: (rules: (field: string) => FormRule[]) => ReactNode;
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
  /** The form dialog's width, for a form with many fields (Ant Design's 520 by default). */
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
  const [form] = Form.useForm<Values>();
  const rules = adminRules(props.schema);
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
    form.resetFields();
    const values = row === 'new' ? props.emptyValues : props.toValues(row);
    const names = row === 'new' ? {} : ((row as { name_translations?: object }).name_translations ?? {});
    form.setFieldsValue(
      (props.translatedName ? { ...values, name_translations: names } : values) as Parameters<
        typeof form.setFieldsValue
      >[0],
    );
    setEditing(row);
  };

  const save = async () => {
    let values: Values;
    try {
      values = (await form.validateFields()) as Values;
    } catch {
      return;
    }
    const all = { ...props.emptyValues, ...form.getFieldsValue(true), ...values };
    const body = props.translatedName
      ? {
          ...props.toBody(all),
          name_translations: (all as { name_translations?: object }).name_translations ?? {},
        }
      : props.toBody(all);
    try {
      if (editing === 'new') {
        await create.mutateAsync(body);
        toastSuccess(t('notices.saved'));
      } else if (editing) {
        await update.mutateAsync({ id: editing.id, body });
        toastSuccess(t('notices.updated'));
      }
      setEditing(null);
    } catch (error) {
      applyAdminErrors(form, error);
    }
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
          <Space size={0}>
            {(props.moreActions ?? [])
              .filter((a) => may(a.key))
              .map((a) => (
                <Tooltip key={a.key} title={a.label}>
                  <Button
                    type="text"
                    icon={a.icon}
                    aria-label={`${a.label} ${row.name}`}
                    onClick={() => a.onClick(row)}
                  />
                </Tooltip>
              ))}
            {may('edit') ? (
              <Tooltip title={t('common.edit')}>
                <Button
                  type="text"
                  icon={<EditOutlined aria-hidden />}
                  aria-label={`${t('common.edit')} ${row.name}`}
                  onClick={() => open(row)}
                />
              </Tooltip>
            ) : null}
            {may('delete') ? (
              <Tooltip title={t('common.delete')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`${t('common.delete')} ${row.name}`}
                  onClick={() => askDelete(row)}
                />
              </Tooltip>
            ) : null}
          </Space>
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
  const add = (
    <Tooltip title={text('add')}>
      <Button
        type="primary"
        shape="circle"
        size={props.embedded ? 'middle' : 'large'}
        icon={<PlusOutlined aria-hidden />}
        aria-label={text('add')}
        onClick={() => open('new')}
      />
    </Tooltip>
  );
  return (
    <>
      {props.embedded ? null : <PageHeader title={title} subtitle={text('subtitle')} extra={add} />}
      <Card size="small">
        <Flex className="admin-toolbar" justify="space-between" align="center" wrap gap={12}>
          <Flex className="admin-toolbar__filters" align="center" wrap gap={12}>
            <Input
              allowClear
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              prefix={<SearchOutlined aria-hidden />}
              placeholder={text('searchPlaceholder')}
              aria-label={t('common.search')}
              maxLength={100}
              className="admin-toolbar__search"
            />
            {props.filters}
          </Flex>
          {props.embedded ? add : null}
        </Flex>
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
      </Card>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? text('createTitle') : text('editTitle')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={save}
        onCancel={() => setEditing(null)}
        confirmLoading={create.isPending || update.isPending}
        width={props.formWidth}
        forceRender
      >
        <Form<Values>
          form={form}
          // Field ids are prefixed with the list's name: with two lists on one screen (tabs), two
          // "name" fields would share an id and one label would point at the other's field.
          name={r}
          layout="vertical"
          requiredMark="optional"
          onFinish={save}
          onKeyDownCapture={keepEnterInPickers}
        >
          {props.fields(rules)}
          {props.translatedName && <NameTranslationsFields maxLength={props.translatedName} rules={rules} />}
          {/* Enter in a field saves. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Modal>
    </>
  );
}
