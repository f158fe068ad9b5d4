/** A button that opens the file picker: a label around a hidden file input looks like one but Tab never reaches it. */
import { useRef } from 'react';

interface Props {
  label: string;
  accept: string;
  multiple?: boolean;
  className?: string;
  testId?: string;
  onFiles(files: File[]): void;
}

export function FileButton({ label, accept, multiple, className, testId, onFiles }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} onClick={() => input.current?.click()}>
        {label}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        data-testid={testId}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Cleared so picking the same file again is a change too.
          e.target.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}
