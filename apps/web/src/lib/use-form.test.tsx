import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CheckboxGroup, Field, TextInput } from '../components/plain/Field';
import { ApiError } from './http';
import { type FormState, useForm } from './use-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const schema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(5, 'At most 5 characters'),
    code: z.string({ error: 'Code is required' }).min(1, 'Code is required'),
    kind: z.number({ error: 'Select a kind' }),
    hidden: z.string().optional(),
  })
  .refine((v) => v.hidden !== 'bad', { path: ['hidden'], message: 'Hidden is wrong' });

interface Values {
  name?: string;
  code?: string;
  kind?: number;
  hidden?: string;
}

let root: Root;
let host: HTMLDivElement;
let form: FormState<Values>;
let saved: Values[];

function Sample({ initial, prepare }: { initial: Values; prepare?: (v: Values) => unknown }) {
  form = useForm<Values>({ initial, schema, prepare });
  return (
    <form onSubmit={form.submit((v) => saved.push(v))}>
      {form.formError ? <p data-testid="form-error">{form.formError}</p> : null}
      <Field label="Name" field={form.field('name')} required>
        {(props) => <TextInput {...props} />}
      </Field>
      <Field label="Code" field={form.field('code')} help="Letters">
        {(props) => <TextInput {...props} />}
      </Field>
    </form>
  );
}

const input = (label: string) =>
  [...host.querySelectorAll('label')]
    .filter((l) => l.textContent === label)
    .map((l) => document.getElementById(l.htmlFor) as HTMLInputElement)[0]!;
const errorOf = (label: string) => {
  const described = input(label).getAttribute('aria-describedby') ?? '';
  return (
    described
      .split(' ')
      .map((id) => document.getElementById(id))
      .find((el) => el?.getAttribute('role') === 'alert')?.textContent ?? null
  );
};

async function render(initial: Values = {}, prepare?: (v: Values) => unknown) {
  await act(async () => root.render(<Sample initial={initial} prepare={prepare} />));
}
async function type(label: string, text: string) {
  await act(async () => form.field(label.toLowerCase() as 'name').onChange(text));
}
async function submit() {
  await act(async () => form.submit((v) => saved.push(v))());
}

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  saved = [];
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

describe('useForm with Field', () => {
  it('says nothing before a field is touched, and a field its message as soon as it is changed', async () => {
    await render();
    expect(errorOf('Name')).toBeNull();
    await type('Name', 'toolong');
    expect(errorOf('Name')).toBe('At most 5 characters');
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
    // The other field, not touched yet, is quiet.
    expect(errorOf('Code')).toBeNull();
    await type('Name', 'ok');
    expect(errorOf('Name')).toBeNull();
    expect(input('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('marks the required field and describes a field by its help', async () => {
    await render();
    expect(input('Name').getAttribute('aria-required')).toBe('true');
    expect(input('Code').getAttribute('aria-required')).toBeNull();
    const help = document.getElementById(input('Code').getAttribute('aria-describedby')!);
    expect(help?.textContent).toBe('Letters');
  });

  it('on submit shows every field, focuses the first wrong one and saves nothing', async () => {
    await render();
    await submit();
    expect(errorOf('Name')).toBe('Name is required');
    expect(errorOf('Code')).toBe('Code is required');
    expect(document.activeElement).toBe(input('Name'));
    expect(saved).toEqual([]);
    // A wrong field the form does not draw is said above the fields.
    expect(host.querySelector('[data-testid="form-error"]')?.textContent).toBe('Select a kind');
  });

  it('checks the values with defaults too when `prepare` is given', async () => {
    await render({ name: 'ab', code: 'x' }, (v) => ({ ...v, kind: v.kind ?? 0, hidden: 'bad' }));
    await submit();
    // The values' own message (no kind) comes first; the prepared check adds the one behind it.
    expect(host.querySelector('[data-testid="form-error"]')?.textContent).toBe('Select a kind');
    await act(async () => form.set('kind', 2));
    await submit();
    expect(host.querySelector('[data-testid="form-error"]')?.textContent).toBe('Hidden is wrong');
    expect(saved).toEqual([]);
  });

  it('saves the values when every field is right', async () => {
    await render({ kind: 1 });
    await type('Name', 'Ann');
    await type('Code', 'A1');
    await submit();
    expect(saved).toEqual([{ kind: 1, name: 'Ann', code: 'A1' }]);
    expect(host.querySelector('[data-testid="form-error"]')).toBeNull();
  });

  it("puts the server's field errors under their fields until changed, and others above", async () => {
    await render({ kind: 1, name: 'Ann', code: 'A1' });
    const refused = new ApiError(422, 'Validation Failed', {
      code: 422,
      error: 'validation_failed',
      message: 'Validation Failed',
      errors: {
        children: {
          code: { errors: ['This code is already used'] },
          other: { errors: ['Something else is wrong'] },
        },
      },
    });
    await act(async () => form.serverErrors(refused));
    expect(errorOf('Code')).toBe('This code is already used');
    expect(errorOf('Name')).toBeNull();
    expect(host.querySelector('[data-testid="form-error"]')?.textContent).toBe('Something else is wrong');
    await type('Code', 'B2');
    expect(errorOf('Code')).toBeNull();
  });

  it('starts again from new values on reset', async () => {
    await render();
    await submit();
    expect(errorOf('Name')).toBe('Name is required');
    await act(async () => form.reset({ name: 'Bo' }));
    expect(errorOf('Name')).toBeNull();
    expect(errorOf('Code')).toBeNull();
    expect(input('Name').value).toBe('Bo');
  });
});

describe('CheckboxGroup', () => {
  const modules = z.object({
    modules: z.array(z.string()).min(1, 'Choose at least one'),
  });
  let picked: { modules?: string[] };
  function Modules() {
    const f = useForm<{ modules?: string[] }>({ initial: { modules: ['b'] }, schema: modules });
    picked = f.values;
    return (
      <form onSubmit={f.submit(() => undefined)}>
        <Field label="Modules" field={f.field('modules')} required group>
          {(props) => (
            <CheckboxGroup
              {...props}
              options={[
                { value: 'a', label: 'Alpha' },
                { value: 'b', label: 'Beta' },
                { value: 'c', label: 'Gamma' },
              ]}
            />
          )}
        </Field>
      </form>
    );
  }
  const box = (label: string) =>
    [...host.querySelectorAll('label')].find((l) => l.textContent === label)!.querySelector('input')!;

  it('is a group named by the label, ticking and clearing boxes in the options order', async () => {
    await act(async () => root.render(<Modules />));
    const group = host.querySelector('fieldset')!;
    expect(document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent).toBe('Modules');
    expect(box('Beta').checked).toBe(true);
    await act(async () => box('Gamma').click());
    await act(async () => box('Alpha').click());
    expect(picked.modules).toEqual(['a', 'b', 'c']);
    await act(async () => box('Beta').click());
    expect(picked.modules).toEqual(['a', 'c']);
  });

  it("describes the group by the field's message when none is ticked", async () => {
    await act(async () => root.render(<Modules />));
    await act(async () => box('Beta').click());
    const group = host.querySelector('fieldset')!;
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose at least one',
    );
    // The first box carries the field's id: a wrong field takes the focus there.
    expect(box('Alpha').id).not.toBe('');
  });
});

describe('parseTime', () => {
  it('reads a typed time as HH:mm and refuses what is no time of day', async () => {
    const { parseTime } = await import('../components/plain/Field');
    expect(parseTime('9')).toBe('09:00');
    expect(parseTime('930')).toBe('09:30');
    expect(parseTime('9:30')).toBe('09:30');
    expect(parseTime(' 17:05 ')).toBe('17:05');
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('12:60')).toBeNull();
    expect(parseTime('noon')).toBeNull();
  });
});
