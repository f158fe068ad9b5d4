/** A modal dialog: backdrop, labelled box, Escape closes. */
import { useEffect } from 'react';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  className?: string;
  title?: boolean;
  onClose(): void;
  children: ReactNode;
}

export function Dialog({ label, className, title = true, onClose, children }: Props) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="dialog-backdrop" role="presentation" onClick={onClose}>
      <div
        className={className ? `dialog ${className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        onClick={(e) => e.stopPropagation()}
      >
        {title && <h3>{label}</h3>}
        {children}
      </div>
    </div>
  );
}
