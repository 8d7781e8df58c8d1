import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

/**
 * A button that is a link to a page of the app: a plain click stays in the
 * app, a middle or modified click opens a tab as links do.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const navigate = useNavigate();
  return (
    <Button
      {...props}
      href={to}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}
