// A list filter typed into a box while the list's state lives in the URL (the users' search, the
// audit log's actor and target id): the text is local while typing and reaches the URL (replacing
// history) once typing pauses and the text is acceptable; Back/Forward or a link changing the URL
// shows the URL's value.
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

export const TYPED_FILTER_DEBOUNCE_MS = 300;

const anyText = () => true;

export function useTypedUrlFilter(
  urlValue: string,
  onSettled: (text: string) => void,
  accept: (text: string) => boolean = anyText,
) {
  const [text, setText] = useState(urlValue);
  const [debounced] = useDebouncedValue(text, TYPED_FILTER_DEBOUNCE_MS);
  const latestUrlValue = useRef(urlValue);
  latestUrlValue.current = urlValue;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled new text filters
  useEffect(() => {
    const value = debounced.trim();
    if (value !== latestUrlValue.current && accept(value)) onSettled(value);
  }, [debounced]);

  // Back/Forward or a link changed the URL: show its value.
  useEffect(() => {
    setText((current) => (current.trim() === urlValue ? current : urlValue));
  }, [urlValue]);

  return [text, setText] as const;
}
