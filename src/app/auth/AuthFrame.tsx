import type { ReactNode } from 'react';
import '../../screens/auth/styles';
import { AuthLayout } from '../../screens/auth/AuthLayout';

export default function AuthFrame({ children }: { children: ReactNode }) {
  return <AuthLayout>{children}</AuthLayout>;
}
