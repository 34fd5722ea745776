/**
 * cdk-nag 3 runs as a CDK policy-validation plugin; rules are acknowledged with CDK's own
 * Validations.of(scope).acknowledge (recorded in construct metadata), one finding at a time.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy, CfnRole } from 'aws-cdk-lib/aws-iam';
import cdkNag from 'cdk-nag';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

// cdk-nag is CommonJS whose named exports Node's ESM loader cannot detect; take them from the default.
export const { AwsSolutionsChecks } = cdkNag;

export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/** The finding id cdk-nag's IAM5 gives a wildcard resource, as seen from `scope`'s stack. */
export function wildcardResourceFinding(scope: IConstruct, resource: string): string {
  return `AwsSolutions-IAM5[Resource::${flattenCfnReference(Stack.of(scope).resolve(resource))}]`;
}

/**
 * Acknowledges every IAM5 wildcard finding of the IAM policies under `scope` with one reason.
 * Only for constructs whose policies CDK writes (not ours); call it once they are complete.
 */
export function acknowledgeWildcardsUnder(scope: IConstruct, reason: string): string[] {
  const ids = new Set<string>();
  for (const node of scope.node.findAll()) {
    const docs: unknown[] = [];
    if (node instanceof CfnPolicy) docs.push(node.policyDocument);
    if (node instanceof CfnRole) {
      const policies = Stack.of(node).resolve(node.policies) as { policyDocument: unknown }[] | undefined;
      for (const p of policies ?? []) docs.push(p.policyDocument);
    }
    for (const doc of docs) {
      const resolved = Stack.of(node).resolve(doc) as { Statement?: Record<string, unknown>[] };
      for (const statement of resolved.Statement ?? []) {
        if (statement.Effect !== 'Allow') continue;
        for (const action of toArray(statement.Action)) {
          if (typeof action === 'string' && action.includes('*'))
            ids.add(`AwsSolutions-IAM5[Action::${action}]`);
        }
        for (const resource of toArray(statement.Resource)) {
          const flat = flattenCfnReference(resource);
          if (flat.includes('*')) ids.add(`AwsSolutions-IAM5[Resource::${flat}]`);
        }
      }
    }
  }
  for (const id of ids) acknowledge(scope, id, reason);
  return [...ids];
}

const toArray = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
