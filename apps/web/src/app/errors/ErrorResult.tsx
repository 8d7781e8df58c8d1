import type { ReactNode } from 'react';
import { Button } from '../../components/plain/Button';
import './errors.css';

/**
 * A whole page that says something went wrong: the picture, the status, what
 * happened and the way home. Drawn with plain elements: an error page loads
 * none of Ant Design but its picture (a drawing, with no styles or context).
 */
export function ErrorResult({
  picture,
  status,
  text,
  action,
  onAction,
}: {
  picture: ReactNode;
  status: string;
  text: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <main className="error-page plain-text">
      <div className="error-result">
        <div className="error-result__picture" aria-hidden="true">
          {picture}
        </div>
        <h1 className="error-result__status">{status}</h1>
        <p className="error-result__text">{text}</p>
        <Button variant="primary" onClick={onAction}>
          {action}
        </Button>
      </div>
    </main>
  );
}
