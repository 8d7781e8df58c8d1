import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The save of a section, after its fields: whether everything typed is saved
 * (read out as it changes) and the button. It stays on screen while the
 * fields scroll, and the button keeps the focus after a save.
 */
export function SaveBar({
  dirty,
  unsaved,
  saved,
  children,
}: {
  dirty: boolean;
  unsaved: string;
  saved: string;
  children: ReactNode;
}) {
  return (
    <Flex
      className={`epr-save-bar${dirty ? ' epr-save-bar--dirty' : ''}`}
      gap={12}
      align="center"
      justify="end"
      wrap
    >
      <Typography.Text role="status" strong={dirty} type={dirty ? undefined : 'secondary'}>
        {dirty ? unsaved : saved}
      </Typography.Text>
      {children}
    </Flex>
  );
}
