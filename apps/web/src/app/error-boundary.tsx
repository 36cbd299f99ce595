import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches any rendering error in the app (a failed page chunk too) and shows ErrorScreen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected rendering error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
