import { type LegalPageProps, LegalTermsDocument } from '../components/LegalTermsDocument.tsx';
import '../legal.css';

/** /creator/terms: the terms for creators, casts and organizations, with the reward rates. */
export function CreatorTermsPage({ config }: LegalPageProps) {
  return <LegalTermsDocument doc="creatorTerms" config={config} />;
}
