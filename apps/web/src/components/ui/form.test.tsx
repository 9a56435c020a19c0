import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api';
import { Form, FormField, setServerFieldError, useZodForm } from './form';
import { Input } from './input';

const schema = z.object({
  name: z.string().trim().min(3, { error: 'Name must be at least 3 characters' }),
  email: z.email({ error: 'Invalid email address' }),
  note: z.string().max(5, { error: '' }),
});
type Values = z.input<typeof schema>;

function TestForm({ onSave, failWith }: { onSave: (v: Values) => void; failWith?: unknown }) {
  const form = useZodForm<Values, z.output<typeof schema>>(schema, {
    defaultValues: { name: '', email: '', note: '' },
  });
  return (
    <Form
      form={form}
      onSubmit={(values) => {
        if (failWith && setServerFieldError(form, failWith, { name_taken: 'name' })) return;
        onSave(values);
      }}
    >
      <FormField control={form.control} name="name" label="Name">
        {(control) => <Input {...control} />}
      </FormField>
      <FormField control={form.control} name="email" label="Email">
        {(control) => <Input {...control} type="email" />}
      </FormField>
      <FormField control={form.control} name="note" label="Note">
        {(control) => <Input {...control} />}
      </FormField>
      <button type="submit">Save</button>
    </Form>
  );
}

describe('Form and FormField', () => {
  it('shows every invalid field’s own message at its field and focuses the first', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<TestForm onSave={onSave} />);
    await user.type(screen.getByLabelText('Note'), 'too long');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByLabelText('Name');
    const email = screen.getByLabelText('Email');
    const note = screen.getByLabelText('Note');
    expect(await screen.findByText('Name must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    // A schema without its own message says docs/product.md §5's fallback.
    expect(screen.getByText('Invalid input')).toBeTruthy();
    for (const control of [name, email, note]) {
      expect(control.getAttribute('aria-invalid')).toBe('true');
      const messageId = control.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(messageId.split(' ')[0] ?? '')?.textContent).toBeTruthy();
    }
    expect(document.activeElement).toBe(name);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('clears a message as the field is corrected, and submits the schema’s output', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<TestForm onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be at least 3 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), '  Maya  ');
    expect(screen.queryByText('Name must be at least 3 characters')).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'Maya', email: 'maya@example.com', note: '' });
  });

  it('puts a server refusal at the field it is about', async () => {
    const user = userEvent.setup();
    render(
      <TestForm
        onSave={() => {}}
        failWith={new ApiError(409, 'name_taken', 'That name is taken')}
      />,
    );
    await user.type(screen.getByLabelText('Name'), 'Maya');
    await user.type(screen.getByLabelText('Email'), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('That name is taken');
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(name);
  });
});
