import { Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { type AppConfig, alarmTopicName } from './config.ts';

export interface AlarmsStackProps extends StackProps {
  config: AppConfig;
}

/**
 * The SNS topic every alarm of the stage notifies (monitoring.ts), deployed before the stacks whose
 * alarms name it. Encrypted with its own key, which CloudWatch may use to publish; `alarmEmail`
 * (context) subscribes an operator's address.
 */
export class AlarmsStack extends Stack {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: AlarmsStackProps) {
    super(scope, id, props);
    const { config } = props;
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: `Encrypts the alarm topic ${alarmTopicName(config)}`,
      enableKeyRotation: true,
    });
    const cloudwatch = new iam.ServicePrincipal('cloudwatch.amazonaws.com');
    key.grant(cloudwatch, 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      topicName: alarmTopicName(config),
      displayName: `kinoko ${config.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        actions: ['sns:Publish'],
        principals: [cloudwatch],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    if (config.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(config.alarmEmail));
  }
}
