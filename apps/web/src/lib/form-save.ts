// A form's save (the user form, the diary entry form): the saving flag and the banner. A save
// refused because the record was saved elsewhere first throws an EditConflict (edit-conflict.ts):
// the form then takes the merged values, so the next save goes over them, and the banner names the
// fields both sides changed. Any other failure shows what `failureMessage` makes of it.
import { useState } from 'react';
import { EditConflict } from './edit-conflict';

export interface FormSave<V> {
  /** Runs the save and settles the banner; never rejects. */
  save: (values: V) => Promise<void>;
  saving: boolean;
  /** The banner's message, or null. */
  failure: string | null;
  /** After a conflict, one line for each field both sides changed; null otherwise. */
  conflictNotes: string[] | null;
  setFailure: (message: string | null) => void;
}

export function useFormSave<V>(
  form: { setValues: (values: V) => void },
  onSubmit: (values: V) => Promise<unknown>,
  /** The banner for a failure other than a conflict (it may put the server's field errors on the form). */
  failureMessage: (error: unknown) => string,
): FormSave<V> {
  const [failure, setFailure] = useState<string | null>(null);
  const [conflictNotes, setConflictNotes] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (values: V) => {
    setFailure(null);
    setConflictNotes(null);
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof EditConflict) {
        form.setValues(error.values as V);
        setConflictNotes(error.notes);
        setFailure(error.message);
        return;
      }
      setFailure(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, failure, conflictNotes, setFailure };
}
