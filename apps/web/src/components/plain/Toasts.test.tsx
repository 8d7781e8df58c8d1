import { TOAST_SECONDS } from '@hr/contracts/limits';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDelete } from '../../lib/confirm-delete';
import { clearNotices } from '../../lib/notices';
import { confirmDialog, showLoginFailed, toastError, toastSuccess } from '../../lib/notify';
import { Confirms } from './Confirms';
import { Toasts } from './Toasts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;

const toastLayer = () => document.querySelector<HTMLElement>('.plain-toasts');
const byRole = (role: string) => [...document.querySelectorAll<HTMLElement>(`[role="${role}"]`)];
const buttonNamed = (scope: ParentNode, name: string) =>
  [...scope.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);
const dialogs = () => [...document.querySelectorAll('dialog')];
const nameOf = (dialog: HTMLElement) =>
  document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';

async function wait(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}
async function click(button: HTMLElement | undefined) {
  expect(button).toBeDefined();
  await act(async () => button?.click());
}

beforeEach(async () => {
  vi.useFakeTimers();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <>
        <Toasts />
        <Confirms />
      </>,
    ),
  );
});
afterEach(async () => {
  await act(async () => clearNotices());
  await act(async () => root.unmount());
  host.remove();
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('the toasts', () => {
  it('says a success as a status and an error as an alert, each gone after TOAST_SECONDS', async () => {
    expect(toastLayer()).toBeNull();
    await act(async () => toastSuccess('Saved'));
    const layer = toastLayer();
    expect(layer?.getAttribute('popover')).toBe('manual');
    // The live region is there first, its words come just after, so they are announced.
    expect(byRole('status')[0]?.textContent).toBe('');
    await wait(60);
    expect(byRole('status').map((s) => s.textContent)).toEqual(['Saved']);

    await wait(1000);
    await act(async () => toastError('The server said no'));
    await wait(60);
    expect(byRole('alert').map((s) => s.textContent)).toEqual(['The server said no']);
    expect(layer?.querySelector('.plain-toast--error .plain-icon')?.getAttribute('aria-hidden')).toBe('true');

    // The first goes after its time, the second a second later.
    await wait(TOAST_SECONDS * 1000 - 1000);
    expect(byRole('status')).toHaveLength(0);
    expect(byRole('alert')).toHaveLength(1);
    await wait(1100);
    expect(toastLayer()).toBeNull();
  });

  it('is dismissed with its button, stays while pointed at, and is not drawn twice', async () => {
    await act(async () => toastSuccess('Saved'));
    await act(async () => toastSuccess('Saved'));
    await wait(60);
    expect(byRole('status')).toHaveLength(1);

    const toast = document.querySelector<HTMLElement>('.plain-toast');
    await act(async () => toast?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true })));
    await wait(TOAST_SECONDS * 1000 + 500);
    expect(byRole('status').map((s) => s.textContent)).toEqual(['Saved']);
    await act(async () =>
      toast?.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, relatedTarget: document.body })),
    );
    await wait(TOAST_SECONDS * 1000 + 100);
    expect(byRole('status')).toHaveLength(0);

    await act(async () => toastError('Refused'));
    await wait(60);
    await click(buttonNamed(document, 'Dismiss'));
    expect(toastLayer()).toBeNull();
  });

  it('is drawn inside a modal dialog while one is open (the page behind it is inert), and back after', async () => {
    const dialog = document.createElement('dialog');
    // This DOM knows no `:modal`; a browser says it of a dialog opened with showModal().
    dialog.matches = (selector: string) =>
      selector === ':modal' ? dialog.open : Element.prototype.matches.call(dialog, selector);
    document.body.append(dialog);
    dialog.showModal();
    await act(async () => toastError('Refused'));
    await wait(60);
    expect(toastLayer()?.parentElement).toBe(dialog);
    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe('Refused');

    await act(async () => {
      dialog.close();
      await Promise.resolve();
    });
    expect(toastLayer()?.parentElement).toBe(document.body);
    expect(byRole('alert').map((s) => s.textContent)).toEqual(['Refused']);
  });
});

describe('the questions', () => {
  it('asks in a dialog named by its title and described by its text; OK says yes, and the focus goes back', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    let answer: boolean | undefined;
    await act(async () => {
      void confirmDialog({ title: 'End all sessions?', content: 'You stay signed in here.' }).then((ok) => {
        answer = ok;
      });
    });
    const [dialog] = dialogs();
    expect(dialog?.open).toBe(true);
    expect(nameOf(dialog!)).toBe('End all sessions?');
    expect(document.getElementById(dialog!.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'You stay signed in here.',
    );
    // Not destructive: the focus starts on OK.
    expect(document.activeElement).toBe(buttonNamed(dialog!, 'OK'));
    await click(buttonNamed(dialog!, 'OK'));
    expect(answer).toBe(true);
    expect(dialogs()).toHaveLength(0);
    expect(document.activeElement).toBe(opener);
  });

  it('asks to delete with a danger OK, the focus on Cancel; Cancel and Escape say no', async () => {
    let answer: boolean | undefined;
    await act(async () => {
      void confirmDelete('Annual leave').then((ok) => {
        answer = ok;
      });
    });
    let [dialog] = dialogs();
    expect(nameOf(dialog!)).toBe('Do you want to delete this item?');
    expect(dialog?.textContent).toContain('Annual leave');
    const remove = buttonNamed(dialog!, 'Delete');
    expect(remove?.className).toContain('plain-confirm__danger');
    expect(document.activeElement).toBe(buttonNamed(dialog!, 'Cancel'));
    await click(buttonNamed(dialog!, 'Cancel'));
    expect(answer).toBe(false);

    answer = undefined;
    await act(async () => {
      void confirmDelete('Sick leave').then((ok) => {
        answer = ok;
      });
    });
    [dialog] = dialogs();
    await act(async () => dialog?.dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(answer).toBe(false);
    expect(dialogs()).toHaveLength(0);
  });

  it("tells 'Login Failed' with OK alone, and goes on however it is closed", async () => {
    const onOk = vi.fn();
    await act(async () => showLoginFailed(onOk));
    let [dialog] = dialogs();
    expect(nameOf(dialog!)).toBe('Login Failed');
    expect(dialog?.textContent).toContain('Try again');
    expect(buttonNamed(dialog!, 'Cancel')).toBeUndefined();
    await click(buttonNamed(dialog!, 'OK'));
    expect(onOk).toHaveBeenCalledTimes(1);

    await act(async () => showLoginFailed(onOk));
    [dialog] = dialogs();
    await act(async () => dialog?.dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(onOk).toHaveBeenCalledTimes(2);
  });
});
