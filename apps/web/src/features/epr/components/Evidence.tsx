import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import {
  EVIDENCE_PER_LINE_MAX,
  EVIDENCE_TYPES,
  type EvidenceUpload,
  evidenceProblem,
  type SectionALine,
} from '@hr/contracts/epr';
import { NOTICES } from '@hr/contracts/messages';
import { Button, Flex, Image, Popconfirm, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '../../../lib/i18n';
import { reportError, toastError, toastSuccess } from '../../../lib/notify';
import { useEprChange, useEvidenceImage } from '../api';

type Item = SectionALine['evidence'][number];

/** The base64 of a picked file, read in the browser. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** One image: its name opens a preview (the bytes are fetched with the session's token). */
function EvidenceImage({
  item,
  canDelete,
  onDelete,
}: {
  item: Item;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const src = useEvidenceImage(item.id, open);
  return (
    <Flex align="center" gap={2}>
      <Button
        type="link"
        size="small"
        icon={<PaperClipOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={t('epr.evidence.open', { name: item.name })}
        style={{ paddingInline: 0, maxWidth: 160 }}
      >
        <span className="epr-evidence-name" dir="auto">
          {item.name}
        </span>
      </Button>
      {open && src ? (
        <Image
          src={src}
          alt={item.name}
          style={{ display: 'none' }}
          preview={{ open, onOpenChange: (v) => setOpen(v) }}
        />
      ) : null}
      {canDelete ? (
        <Popconfirm
          title={t('epr.evidence.deleteConfirm', { name: item.name })}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          onConfirm={onDelete}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('epr.evidence.delete', { name: item.name })}
          />
        </Popconfirm>
      ) : null}
    </Flex>
  );
}

/**
 * A Section A line's evidence images (SPEC.md §5: JPG/PNG under 200 KB). The
 * side whose turn it is adds images and removes its own; everyone of the
 * review opens them. The file is checked here at once and again on the server.
 */
export function EvidenceCell({
  line,
  side,
}: {
  line: SectionALine;
  /** The caller's side while it may change the review, else null. */
  side: 'self' | 'line_manager' | null;
}) {
  const { t } = useTranslation();
  const change = useEprChange();
  const full = line.evidence.length >= EVIDENCE_PER_LINE_MAX;

  const add = async (file: File) => {
    const problem = evidenceProblem(file);
    if (problem) {
      toastError(translateValidation(problem));
      return;
    }
    const body: EvidenceUpload = { name: file.name, file: await readBase64(file) };
    change.mutate(
      { kind: 'add-evidence', lineId: line.id, body },
      {
        onSuccess: () => toastSuccess(t('notices.saved', { defaultValue: NOTICES.saved })),
        onError: reportError,
      },
    );
  };
  const remove = (item: Item) =>
    change.mutate(
      { kind: 'delete-evidence', evidenceId: item.id },
      {
        onSuccess: () =>
          toastSuccess(t('notices.deleted', { name: item.name, defaultValue: NOTICES.deleted })),
        onError: reportError,
      },
    );

  return (
    <Flex vertical gap={2} align="start">
      {line.evidence.map((item) => (
        <EvidenceImage
          key={item.id}
          item={item}
          canDelete={side !== null && item.side === side}
          onDelete={() => remove(item)}
        />
      ))}
      {side ? (
        <Upload
          accept={EVIDENCE_TYPES.join(',')}
          showUploadList={false}
          disabled={full || change.isPending}
          beforeUpload={(file) => {
            void add(file);
            // The file goes as JSON through the portal's client, not as a form post.
            return false;
          }}
        >
          <Tooltip
            title={full ? t('epr.evidence.full', { max: EVIDENCE_PER_LINE_MAX }) : t('epr.evidence.hint')}
          >
            <Button
              size="small"
              icon={<UploadOutlined aria-hidden />}
              disabled={full}
              loading={change.isPending}
              aria-label={t('epr.evidence.addTo', { name: line.objective_kpi.name })}
            >
              {t('epr.evidence.add')}
            </Button>
          </Tooltip>
        </Upload>
      ) : line.evidence.length === 0 ? (
        '—'
      ) : null}
    </Flex>
  );
}
