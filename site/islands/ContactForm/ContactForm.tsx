// The /contact page's form: name, e-mail, topic and message, checked with the API's own schema; a signed-in visitor
// finds their name and e-mail filled in. Whether the message is priority (a Premium member's) the server decides. The form
// posts to the server as it stands, so it works before hydration and without JavaScript (docs/decisions/0068).
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CONTACT_TOPIC_LABELS, CONTACT_TOPICS } from '../../../lib/contact';
import { serverMessage } from '../../../lib/http';
import { FORM_ACTIONS, type ContactFormState } from '../../../lib/form-pages';
import { TOAST } from '../../../lib/messages';
import { contactSchema, MAX_CONTACT_MESSAGE, type ContactInput } from '../../../lib/schemas';
import { ValidatedField, useFieldErrors } from '../../components/field-errors';
import { SUBMIT_ONLY } from '../../components/form-messages';
import { sendContactMessage } from '../../stores/contact';
import { showToast } from '../../stores/toast';
import { useUser } from '../../stores/use-user';
import { FormRefusal } from '../../components/FormRefusal';

type ContactFields = z.input<typeof contactSchema>;

const EMPTY: ContactFields = { name: '', email: '', topic: '' as ContactFields['topic'], message: '' };

/** `sent`: a post the server refused and answered with this page, the fields as written and why. */
export default function ContactForm({ sent }: { sent?: ContactFormState }) {
  const { data: user } = useUser();
  const initial: ContactFields = sent
    ? { name: sent.name, email: sent.email, topic: sent.topic as ContactFields['topic'], message: sent.message }
    : EMPTY;
  const form = useForm<ContactFields, unknown, ContactInput>({
    ...SUBMIT_ONLY,
    resolver: zodResolver(contactSchema),
    defaultValues: initial,
  });
  const fields = useFieldErrors('contact', form);
  const { isSubmitting } = form.formState;
  // The refusal of the post this page answers, until the next try.
  const [refusal, setRefusal] = useState(sent?.error);
  const serverError = form.formState.errors.root?.server?.message;

  // A signed-in visitor's name and e-mail, where the fields are still empty.
  useEffect(() => {
    if (!user) return;
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    if (name && !form.getValues('name')) form.setValue('name', name);
    if (!form.getValues('email')) form.setValue('email', user.email);
  }, [user, form]);

  async function submit(values: ContactInput) {
    setRefusal(undefined);
    try {
      await sendContactMessage(values);
      showToast({ ...TOAST.contactSent, variant: 'success' });
      form.reset({ ...values, topic: EMPTY.topic, message: '' });
    } catch (error) {
      const message = serverMessage(error);
      form.setError('root.server', { message });
      showToast({ title: TOAST.contactFailed, description: message, variant: 'destructive' });
    }
  }

  return (
    <form
      method="post"
      action={FORM_ACTIONS.contact}
      onSubmit={form.handleSubmit(submit)}
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby="contact-form-title"
    >
      {refusal && (
        <FormRefusal title={TOAST.contactFailed}>
          <p>{refusal}</p>
        </FormRefusal>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <ValidatedField fields={fields} field="name" label="Name" required>
          <input
            {...fields.control('name')}
            defaultValue={initial.name}
            autoComplete="name"
            required
            className="input input-bordered w-full"
          />
        </ValidatedField>
        <ValidatedField fields={fields} field="email" label="Email" required>
          <input
            {...fields.control('email')}
            defaultValue={initial.email}
            type="email"
            autoComplete="email"
            required
            className="input input-bordered w-full"
          />
        </ValidatedField>
      </div>
      <ValidatedField fields={fields} field="topic" label="Topic" required>
        <select
          {...fields.control('topic')}
          defaultValue={initial.topic}
          required
          className="select select-bordered w-full"
        >
          <option value="" disabled>
            Choose a topic
          </option>
          {CONTACT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {CONTACT_TOPIC_LABELS[topic]}
            </option>
          ))}
        </select>
      </ValidatedField>
      <ValidatedField fields={fields} field="message" label="Message" required>
        <textarea
          {...fields.control('message')}
          defaultValue={initial.message}
          rows={6}
          required
          maxLength={MAX_CONTACT_MESSAGE}
          className="textarea textarea-bordered w-full"
        />
      </ValidatedField>
      {serverError && (
        <p className="text-error-text text-sm" role="alert">
          {serverError}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
