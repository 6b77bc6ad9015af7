import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { addErrorLog, errorEntryOf } from './errorLog';

interface ErrorLogBoundaryProps {
  children: ReactNode;
  title: string;
  retryLabel: string;
}

/** Catches a page's render errors into the local error log and offers to render the page again. */
export class ErrorLogBoundary extends Component<ErrorLogBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    addErrorLog(errorEntryOf(error, info.componentStack ?? ''));
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="error"
        title={this.props.title}
        extra={
          <Button type="primary" onClick={() => this.setState({ failed: false })}>
            {this.props.retryLabel}
          </Button>
        }
      />
    );
  }
}
