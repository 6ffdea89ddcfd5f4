import type { ButtonHTMLAttributes, ReactNode } from 'react';

// A native <button> drawn as Shoelace's button (styles.ts `.btn`), for the buttons every list
// screen repeats: the row actions (two per row), the toolbar and the menus. Each <sl-button> is a Lit
// element with its own shadow root, and a users page drew thirty-odd of them in its first render
// (src/core/README.md "First load"). Forms and dialogs keep <sl-button>, where there are a few.

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'text';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: ButtonVariant;
  size?: 'small' | 'medium';
  /** A small down arrow after the label, for a button that opens a menu. */
  caret?: boolean;
  children?: ReactNode;
}

export function Button({ variant = 'default', size = 'medium', caret, className, children, ...rest }: ButtonProps) {
  const classes = `btn btn-${variant} btn-${size}${caret ? ' btn-caret' : ''}${className ? ` ${className}` : ''}`;
  return (
    <button type="button" className={classes} {...rest}>
      {children}
    </button>
  );
}
