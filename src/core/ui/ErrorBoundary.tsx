import { Component, type ReactNode } from 'react';
import { t } from '../i18n/index.ts';
import './i18n.ts';

interface State {
  error: Error | null;
}

/** A crashing page must not blank the whole element: show the failure and keep the rest usable. */
export class ErrorBoundary extends Component<{ children?: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="error-boundary" role="alert">
        <strong>{t('ui.error.crashed')}</strong>
        <p>{error.message}</p>
      </div>
    );
  }
}
