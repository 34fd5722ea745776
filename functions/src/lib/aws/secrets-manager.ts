/** The Secrets Manager client (in AWS only: locally the secrets are plain variables). */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { once } from './once.ts';

export const secretsManager = once(() => new SecretsManagerClient({}));
