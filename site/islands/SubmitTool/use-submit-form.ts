// The submit form's state and sending: the form checked with the API's own schema, the chosen logo, the tool of
// ?edit= put in the form, and the send (as a new submission, an edit or a resubmission) with its toasts and redirect.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { REDIRECT_AFTER_SUBMIT_MS } from '../../../lib/constants';
import { logError, serverMessage } from '../../../lib/http';
import { TOAST } from '../../../lib/messages';
import { submissionSchema, type SubmissionInput } from '../../../lib/schemas';
import { SUBMIT_ONLY } from '../../components/form-messages';
import { sendSubmission } from '../../stores/my-tools';
import { showToast } from '../../stores/toast';
import { sentToLogin } from '../../stores/user';
import { REWRITE, isRewritable, useEditedSubmission } from './use-edited-submission';

/** Made once: the form checks with the API's own schema. */
const resolver = zodResolver(submissionSchema);

/** The multipart body the API takes: the form's values, each list item as its own entry, and the logo if chosen. */
function submissionBody(values: SubmissionInput, logo: File | null): FormData {
  const body = new FormData();
  body.set('name', values.name);
  body.set('url', values.url);
  body.set('description', values.description);
  body.set('isPremium', String(values.isPremium));
  for (const tag of values.tags) body.append('tags', tag);
  body.set('pricingModel', values.pricingModel ?? '');
  for (const audience of values.targetAudience ?? []) body.append('targetAudience', audience);
  if (logo) body.set('logo', logo);
  return body;
}

export function useSubmitForm() {
  const [logo, setLogo] = useState<File | null>(null);
  const form = useForm({
    ...SUBMIT_ONLY,
    resolver,
    defaultValues: {
      name: '',
      url: '',
      description: '',
      tags: [],
      isPremium: 'false',
      pricingModel: '',
      targetAudience: '',
    },
  });
  const { setError, reset } = form;
  const { isSubmitSuccessful } = form.formState;
  const fileInput = useRef<HTMLInputElement>(null);

  // A sent form is cleared, and stays 'Submitting...' until the redirect, so it cannot be sent twice.
  useEffect(() => {
    if (!isSubmitSuccessful) return;
    reset(undefined, { keepIsSubmitSuccessful: true });
    setLogo(null);
    if (fileInput.current) fileInput.current.value = '';
  }, [isSubmitSuccessful, reset]);

  // ?edit=<id>: the tool loaded for editing (undefined while it loads), or null for a new submission.
  const editing = useEditedSubmission(reset);
  const rewrite = editing && isRewritable(editing.status) ? REWRITE[editing.status] : null;

  async function submit(values: SubmissionInput) {
    try {
      await sendSubmission(
        submissionBody(values, logo),
        editing && isRewritable(editing.status) ? { id: editing.id, status: editing.status } : undefined,
      );
      showToast({ ...(rewrite?.toast ?? TOAST.submitted), variant: 'success' }, { next: '/dashboard' });
      setTimeout(() => window.location.assign('/dashboard'), REDIRECT_AFTER_SUBMIT_MS);
    } catch (error) {
      logError(error);
      const message = serverMessage(error) || TOAST.submissionFailedFallback;
      // The refusal is the toast; as the form's error it also keeps the submit from counting as a success.
      setError('root.server', { message });
      if (!sentToLogin(error))
        showToast({ title: TOAST.submissionFailed, description: message, variant: 'destructive' });
    }
  }

  return { form, logo, setLogo, fileInput, editing, rewrite, onSubmit: form.handleSubmit(submit) };
}
