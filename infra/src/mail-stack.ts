import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { type AppConfig, mailDomain, namePrefix } from './config.ts';

export interface MailStackProps extends StackProps {
  config: AppConfig;
}

/**
 * The SES identity of the sender domain and its default configuration set (handlers send without
 * naming it). Publish the DKIM CNAME records from the stack outputs in the domain's DNS.
 */
export class MailStack extends Stack {
  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: namePrefix(props.config),
      reputationMetrics: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
    });
    this.identity = new ses.EmailIdentity(this, 'SenderDomain', {
      identity: ses.Identity.domain(mailDomain(props.config)),
      configurationSet: this.configurationSet,
    });
    this.identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${record.name} CNAME ${record.value}` });
    });
  }
}
