import { type LegalPageProps, LegalTermsDocument } from '../components/LegalTermsDocument.tsx';
import '../legal.css';

/** /terms: the terms of service for every user. */
export function TermsPage({ config }: LegalPageProps) {
  return <LegalTermsDocument doc="terms" config={config} />;
}
