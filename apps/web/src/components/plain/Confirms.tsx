import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { answer, currentQuestions, type Question, subscribeNotices } from '../../lib/notices';
import { PlainIcon } from '../PlainIcon';
import { Button } from './Button';
import { Dialog } from './Dialog';
import './notices.css';

/**
 * The questions of lib/notify.ts (confirmDialog, confirmDelete, 'Login
 * Failed'), each a modal dialog named by its title, drawn by the root beside
 * every page.
 */
export function Confirms() {
  const questions = useSyncExternalStore(subscribeNotices, currentQuestions, currentQuestions);
  return questions.map((question) => <Confirm key={question.id} question={question} />);
}

/**
 * OK and Cancel (a failure told has OK alone). Escape and the close button
 * cancel (they acknowledge a failure). The focus starts on OK, on Cancel when
 * OK destroys something, and goes back to the button that asked once closed.
 */
function Confirm({ question }: { question: Question }) {
  const okRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const told = question.kind === 'error';

  useEffect(() => {
    // After the dialog has opened (its effect runs first), which focused its first control.
    (question.danger ? cancelRef : okRef).current?.focus();
  }, [question.danger]);

  const close = () => answer(question.id, told);
  return (
    <Dialog
      open
      onClose={close}
      className={`plain-confirm plain-confirm--${question.kind}`}
      describedBy={question.content ? contentId : undefined}
      title={
        <>
          <span className="plain-confirm__icon">
            <PlainIcon icon={told ? CloseCircleFilled : ExclamationCircleFilled} />
          </span>
          {question.title}
        </>
      }
      footer={
        <>
          {told ? null : (
            <Button ref={cancelRef} onClick={() => answer(question.id, false)}>
              {question.cancelText}
            </Button>
          )}
          <Button
            ref={okRef}
            variant={question.danger ? 'danger' : 'primary'}
            className={question.danger ? 'plain-confirm__danger' : undefined}
            onClick={() => answer(question.id, true)}
          >
            {question.okText}
          </Button>
        </>
      }
    >
      {question.content ? (
        <p id={contentId} className="plain-confirm__content">
          {question.content}
        </p>
      ) : null}
    </Dialog>
  );
}
