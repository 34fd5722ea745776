/**
 * Terms and the commercial transactions notice (namespace `legal`).
 * Numbers and operator details are `{{…}}` placeholders filled in by
 * web/src/features/legal/values.ts: never write them here. Articles and clauses appear in key
 * order; keep the same keys as ja/legal.ts.
 */
export default {
  common: {
    articleHeading: '{{number}}. {{title}}',
    effective: 'Effective {{effectiveDate}}',
    closing: 'End of document',
    contact: 'Contact: {{operatorEmail}}',
    related: 'Related pages',
    links: {
      terms: 'Terms of Service',
      creatorTerms: 'Creator Terms',
      commercial: 'Notice under the Act on Specified Commercial Transactions',
    },
  },
  terms: {
    title: 'Terms of Service',
    preamble:
      'These Terms of Service ("Terms") set out the conditions for using the service for fans and creators (the "Service") provided by {{operatorName}} ("we", "us"). Please read them before you use the Service. The Japanese version of these Terms prevails over any translation.',
    articles: {
      scope: {
        title: 'Scope',
        clauses: {
          c1: 'These Terms apply between us and everyone who uses the Service ("users").',
          c2: 'You use the Service on the condition that you agree to these Terms. By using the Service, you are deemed to have agreed to them.',
          c3: 'Creators, casts and organizations are also bound by the Creator Terms. Where the two differ, the Creator Terms prevail.',
        },
      },
      definitions: {
        title: 'Definitions',
        clauses: {
          c1: {
            text: 'In these Terms:',
            items: {
              fan: '"Fan" means a user who signs up with LINE Login to chat with creators, buy items and so on.',
              creator:
                '"Creator" means a user who runs paid chat, a fan club, a shop and similar features on the Service, including "casts" who belong to an organization.',
              organization:
                '"Organization" means a business such as a bar, a concept café or a model agency that registers and manages casts after our review.',
              points:
                '"Points" means mushrooms, leaves and original points, which can be used on the Service.',
              content:
                '"Content" means messages, stamps, images, videos, items and any other information that users post, send or list on the Service.',
            },
          },
        },
      },
      service: {
        title: 'The Service',
        clauses: {
          c1: 'Fans use points for one-to-one paid chat with creators, sending stamps, joining fan clubs and buying digital or physical items in creators’ shops.',
          c2: 'Creators interact with fans, sell items and send broadcast messages through the Service, and receive rewards for it.',
          c3: 'We may change or add to the Service. We announce changes that significantly affect users on the Service in advance.',
        },
      },
      accounts: {
        title: 'Accounts',
        clauses: {
          c1: 'Fans sign up by logging in with their LINE account (LINE Login). LINE’s own terms apply to your use of LINE.',
          c2: 'If you can no longer use your LINE account, you can move your account to another LINE account through the account recovery procedure on the Service.',
          c3: 'Each person may register only one account and must keep their registered information accurate and up to date.',
          c4: 'You are responsible for managing your account and must not let anyone else use, borrow, receive or buy it.',
          c5: 'If you are a minor, you need the consent of a parent or other legal guardian to use the Service.',
          c6: 'Creator accounts cannot buy points or items. To make a purchase, log in with a fan account.',
        },
      },
      points: {
        title: 'Points',
        clauses: {
          c1: {
            text: 'The Service has the following kinds of points:',
            items: {
              mushroom:
                'Mushrooms: paid points. One mushroom costs {{yenPerMushroom}} yen (tax included) and can be used for chat, stamps, fan clubs and shop items.',
              leaf: 'Leaves: free points we give, for example in campaigns. One leaf is worth the same as one mushroom and can be used only for chat.',
              original:
                'Original points: free points issued by a creator or a shop. They can be used only for the chat or items of the creator or shop that issued them.',
            },
          },
          c2: 'Every purchase or grant of points has its own expiry date. Mushrooms expire {{lotDays}} days after the purchase date. Leaves and original points expire {{lotDays}} days after they are granted, or earlier if the grant says so.',
          c3: 'Expiry dates are never extended. Points expire at the moment their expiry date passes and are removed from your balance. Expired points cannot be refunded or restored.',
          c4: {
            text: 'Points are used in this order:',
            items: {
              chat: 'Chat: leaves (unless the creator does not accept leaves), then that creator’s original points, then mushrooms.',
              other:
                'Items, stamps and fan clubs: original points of the issuer (if you choose to use them at purchase), then mushrooms.',
              lots: 'Within one kind of point, the points that expire first are used first.',
            },
          },
          c5: 'Points cannot be exchanged for cash, transferred or lent to other users, or used outside the Service.',
        },
      },
      purchase: {
        title: 'Buying mushrooms',
        clauses: {
          c1: 'To buy mushrooms you must be logged in and agree to these Terms. Payment is by credit card only (processed by Square).',
          c2: 'You can buy {{purchaseMin}} to {{purchaseMax}} mushrooms at a time, and up to {{dailyYenCap}} yen per person per day.',
          c3: {
            text: 'Users under {{adultAge}} have these monthly purchase limits:',
            items: {
              lower: 'Under {{minorTierAge}}: up to {{minorCapLower}} yen a month',
              upper: '{{minorTierAge}} to under {{adultAge}}: up to {{minorCapUpper}} yen a month',
            },
          },
          c4: 'A purchase by a minor who lied about their age or otherwise deceived us cannot be cancelled.',
          c5: 'Mushrooms are added to your account as soon as the payment is complete.',
        },
      },
      refunds: {
        title: 'Refunds',
        clauses: {
          c1: 'Because of the nature of points, purchases cannot be cancelled. Points are not refunded in cash except as set out in the next clause.',
          c2: 'If we end the Service, we will refund unused, unexpired mushrooms in the manner we specify, in accordance with the Payment Services Act and other laws.',
          c3: 'If a system fault prevents you from receiving an item or service you spent points on, we will return the points used in that transaction, as points, within {{refundDays}} days of confirming the fault.',
        },
      },
      chat: {
        title: 'Paid chat',
        clauses: {
          c1: 'Fans pay the per-message price set by the creator (at least {{chatMinimumCost}} mushroom) to send a message. Points are used when the message is sent.',
          c2: 'Creators reply free of charge. Each stamp uses the number of points shown for it.',
          c3: 'When a creator changes the price, the new price applies from {{chatUpdateTime}} (Japan time) the next day.',
          c4: 'Whether, how and when to reply is up to each creator; we do not guarantee replies.',
          c5: 'You cannot send messages to someone who has blocked you. Paid chat is not available in a locked chatroom.',
          c6: 'We may delete messages that break these Terms. A deleted message is shown as "Deleted for violating the terms".',
        },
      },
      fanClub: {
        title: 'Fan clubs',
        clauses: {
          c1: 'Fan clubs are monthly memberships. One month’s mushrooms are used when you join, and the membership renews automatically on your joining day each month.',
          c2: 'You can stop automatic renewal up to {{fanClubCancelHours}} hours before the next renewal.',
          c3: 'If you do not have enough points at renewal, the membership ends.',
          c4: 'Members can see the posts of the months in which they were members.',
        },
      },
      shop: {
        title: 'Shops',
        clauses: {
          c1: 'Items in shops are sold by creators, who are responsible for their contents and delivery.',
          c2: 'Digital items you buy appear in your library, and stay there even if the creator later deletes the item.',
          c3: 'Because of the nature of the items, purchases cannot be cancelled or returned. System faults are handled under "Refunds".',
          c4: 'Users under {{adultAge}} cannot buy age-restricted items, including items under review.',
        },
      },
      prohibited: {
        title: 'Prohibited conduct',
        clauses: {
          c1: {
            text: 'When using the Service, you must not:',
            items: {
              law: 'break the law or public order and morals, or do anything connected with crime;',
              adult:
                'post, send, sell or request adult content, such as obscene material or offers of sexual services;',
              harassment: 'defame, threaten, harass, stalk or discriminate against others;',
              dating:
                'use the Service to find dates or partners, or keep pressing others to meet or share contact details;',
              offPlatform: 'invite others to exchange money or trade directly outside the Service;',
              rights: 'infringe copyright, portrait rights, privacy or any other rights of others;',
              impersonation: 'impersonate anyone or register false information;',
              trading: 'buy, sell, transfer or lend accounts or points, or obtain points by improper means;',
              spam: 'send spam, advertising or sales pitches, or solicit for religions or pyramid schemes;',
              minors: 'approach people under {{adultAge}} in a harmful way;',
              disruption:
                'interfere with the Service, for example by unauthorized access or mass automated operations;',
              other: 'do anything else we reasonably consider inappropriate.',
            },
          },
        },
      },
      safety: {
        title: 'Safety features',
        clauses: {
          c1: 'You receive no messages from people you have blocked.',
          c2: 'Muted chatrooms send you no notifications.',
          c3: 'You can report inappropriate messages or users from the chatroom menu. We review reports and take action where needed, such as deleting messages or suspending accounts.',
        },
      },
      suspension: {
        title: 'Suspension',
        clauses: {
          c1: 'If you break or are likely to break these Terms, we may, without prior notice, delete content, suspend your use of the Service or delete your account.',
          c2: 'We are not liable for any loss caused by such measures unless we acted intentionally or negligently.',
        },
      },
      content: {
        title: 'Rights in content',
        clauses: {
          c1: 'Copyright in content belongs to the user who created it or to the rightful holder.',
          c2: 'You allow us to use your content free of charge (including copying, displaying and resizing it) as far as needed to provide, improve and promote the Service.',
        },
      },
      leaving: {
        title: 'Leaving the Service',
        clauses: {
          c1: 'You can leave the Service at any time through the leaving procedure.',
          c2: 'When you leave, your account and its data (profile, chat history, library and so on) are deleted and cannot be restored.',
          c3: 'Any points left when you leave expire and are not refunded.',
          c4: 'When a creator leaves, any rewards not yet paid out are forfeited.',
          c5: 'We may keep transaction records after you leave where the law requires us to.',
        },
      },
      changes: {
        title: 'Interruption and end of the Service',
        clauses: {
          c1: 'We may suspend all or part of the Service temporarily for maintenance, faults, natural disasters or other unavoidable reasons.',
          c2: 'We may end the Service after announcing it on the Service in advance. Points are then handled under "Refunds".',
        },
      },
      disclaimer: {
        title: 'Disclaimer',
        clauses: {
          c1: 'We do not guarantee that the Service fits any particular purpose of yours or that it will always be available without interruption.',
          c2: 'Disputes between users (including between creators and fans) about their exchanges or transactions are for the parties to resolve. We will help where appropriate.',
          c3: 'Where we are liable to you for damages, our liability is limited to the direct damages that would ordinarily arise, except where we acted intentionally or with gross negligence.',
        },
      },
      privacy: {
        title: 'Personal information',
        clauses: {
          c1: 'We handle your personal information properly, in accordance with the Act on the Protection of Personal Information, other laws and our own policies.',
        },
      },
      amendment: {
        title: 'Changes to these Terms',
        clauses: {
          c1: 'We may change these Terms in accordance with the provisions of the Civil Code on standard terms. We will announce the new content and the date it takes effect on the Service in advance.',
          c2: 'If you use the Service after a change takes effect, you are deemed to have agreed to the changed Terms.',
        },
      },
      law: {
        title: 'Governing law and jurisdiction',
        clauses: {
          c1: 'These Terms are governed by the laws of Japan.',
          c2: 'The {{court}} has exclusive jurisdiction in the first instance over any dispute relating to the Service.',
        },
      },
    },
  },
  creatorTerms: {
    title: 'Creator Terms',
    preamble:
      'These Creator Terms ("Terms") set out the conditions for creators, casts and organizations who work on the service (the "Service") provided by {{operatorName}} ("we", "us"), and how rewards are paid. The Terms of Service also apply. The Japanese version of these Terms prevails over any translation.',
    articles: {
      scope: {
        title: 'Scope',
        clauses: {
          c1: 'These Terms apply to anyone registered on the Service as a creator, to casts registered by an organization, and to organizations (together "creators").',
          c2: 'Anything these Terms do not cover is governed by the Terms of Service. Where the two differ, these Terms prevail.',
        },
      },
      registration: {
        title: 'Registration',
        clauses: {
          c1: 'Creators register with an e-mail address and a password. Minors need the consent of a parent or other legal guardian to register.',
          c2: 'Businesses such as bars, lounges, concept cafés and model agencies can apply to register as an organization. We review the application and tell you by e-mail once it is approved.',
          c3: 'An approved organization can register and manage casts. Casts log in with the username and password given to them by their organization.',
          c4: 'An organization must obtain each cast’s consent before registering them and is responsible for making its casts follow these Terms. Contracts and the sharing of rewards between an organization and its casts are for them to agree; we are not involved.',
        },
      },
      activities: {
        title: 'What creators can do',
        clauses: {
          c1: 'Paid chat: set a per-message price of at least {{chatMinimumCost}} mushroom. A price change applies from {{chatUpdateTime}} (Japan time) the next day. Replies are free. You can choose not to accept chat paid with leaves (free points).',
          c2: 'Fan club: set a monthly price in mushrooms and publish posts for members.',
          c3: 'Shop: sell digital or physical items priced in multiples of {{itemPriceUnit}} yen. The contents of a published item cannot be changed. Ship physical items promptly; shipping is your responsibility.',
          c4: 'Broadcasts: set up to {{triggerLimit}} trigger broadcasts (automatic messages to fans who meet a condition) and up to {{scheduledLimit}} scheduled broadcasts.',
          c5: 'Creator accounts cannot buy points or items.',
        },
      },
      rewards: {
        title: 'Rewards',
        clauses: {
          c1: {
            text: 'Your reward is the value of the points fans paid, multiplied by the rate for the type of payment.',
            table: {
              caption: 'Reward rate by type of payment',
              head: { label: 'Type of payment', value: 'Reward rate' },
              rows: {
                chat: { label: 'Chat (paid with mushrooms)', value: '{{chatRate}}' },
                // The live registration campaign (issue 17): `running` once its figures are known
                campaign: {
                  label: 'Chat (during a campaign)',
                  value: 'The rate we announce for the campaign',
                  running: '{{rate}} (until {{endsAt}})',
                },
                product: { label: 'Item sales (digital or physical)', value: '{{productRate}}' },
                subscription: { label: 'Fan club monthly fee', value: '{{subscriptionRate}}' },
                gift: { label: 'Gifts (stamps)', value: '{{giftRate}}' },
                free: { label: 'Paid with leaves or original points', value: '{{freePointRate}}' },
              },
            },
          },
          c2: 'Creators who registered with a campaign code receive, on chat, the rate we announce for that campaign, during the campaign period we announce.',
          c3: 'The reward rate for anything paid with leaves or original points is {{freePointRate}}. Such payments still appear in your income statement, with the kind of point.',
          c4: 'Your income statement shows revenue (the value of the points paid), the fee (our share) and your income (revenue minus the fee).',
          c5: 'We may withhold or cancel rewards from transactions that break these Terms or are fraudulent.',
        },
      },
      withdrawal: {
        title: 'Withdrawals',
        clauses: {
          c1: 'You request a withdrawal for one closed month at a time.',
          c2: 'Requests made by the {{cutoffDay}} of a month (Japan time) are transferred on the {{transferDay}} of the following month. Requests made after the {{cutoffDay}} are transferred on the next transfer date.',
          c3: 'If the transfer date falls on a Saturday, Sunday or Japanese public holiday, we transfer on the previous business day.',
          c4: 'The minimum withdrawal is {{withdrawalMinimum}} yen. The transfer fee is {{transferFee}} yen.',
          c5: {
            text: 'Each request shows one of these statuses:',
            items: {
              notFinalized: 'Not finalized: the reward amount has not been settled yet.',
              checking: 'Checking: we are reviewing the request.',
              approved: 'Approved: we will transfer the amount requested.',
              partial: 'Partially approved: after review, we will transfer part of the amount requested.',
              rejected: 'Sent back: the request is returned with a reason. You can correct it and reapply.',
              reapplying: 'Reapplying: we are reviewing your new request.',
              transferred: 'Transferred: we have transferred the amount to your registered bank account.',
              transferFailed:
                'Transfer failed: the bank did not accept the transfer, for example because the bank details were wrong or the account was closed. The amount becomes available to withdraw again. Correct your bank details and reapply.',
            },
          },
          c6: 'If a request is sent back because of your bank details, or its transfer failed, you can update them and reapply.',
          c7: 'You are responsible for reporting and paying any tax on your rewards.',
        },
      },
      bank: {
        title: 'Bank account',
        clauses: {
          c1: 'Register an account at a financial institution in Japan (account number of {{accountNumberLength}} digits).',
          c2: 'Enter the account holder’s name in full-width katakana, exactly as it appears on the passbook or cash card.',
          c3: 'If a transfer fails because the registered bank details are wrong, we are not responsible unless we acted intentionally or negligently.',
        },
      },
      prohibited: {
        title: 'Prohibited conduct',
        clauses: {
          c1: {
            text: 'In addition to the conduct prohibited by the Terms of Service, creators must not:',
            items: {
              adult: 'offer, sell or suggest adult content or sexual services;',
              minors:
                'depict anyone under {{adultAge}} in a sexual way, or sell age-restricted items to anyone under {{adultAge}};',
              misleading: 'describe the contents or shipping time of an item untruthfully;',
              offPlatform: 'invite fans to pay or trade directly outside the Service;',
              rights: 'sell items that use other people’s works or likenesses without permission;',
              personalData: 'use fans’ personal information for purposes outside the Service;',
              coercion: 'force casts to take part in activities against their will (organizations);',
              manipulation: 'manipulate sales or rankings, for example by buying their own items.',
            },
          },
        },
      },
      leaving: {
        title: 'Leaving and loss of status',
        clauses: {
          c1: 'If you leave the Service, or your account is deleted for breaking these Terms, any rewards not yet paid out (including those not yet requested or still under review) are forfeited.',
          c2: 'When you leave, your account and its data are deleted and cannot be restored. Digital items already sold stay in the buyers’ libraries.',
        },
      },
      amendment: {
        title: 'Changes to these Terms',
        clauses: {
          c1: 'We may change these Terms in the same way as the Terms of Service. We will announce changes to reward rates, withdrawal conditions and the like on the Service in advance.',
        },
      },
    },
  },
  commercial: {
    title: 'Notice under the Act on Specified Commercial Transactions',
    lead: 'The following information about the sale of our paid points, "mushrooms", is provided under the Act on Specified Commercial Transactions.',
    caption: 'Seller and terms of sale',
    rows: {
      seller: { label: 'Seller', value: '{{operatorName}}' },
      manager: { label: 'Person responsible for operations', value: '{{responsiblePerson}}' },
      address: { label: 'Address', value: '{{operatorAddress}}' },
      phone: {
        label: 'Phone number',
        value: 'We will disclose it without delay on request. Please contact us by e-mail.',
      },
      email: { label: 'E-mail address', value: '{{operatorEmail}}' },
      price: {
        label: 'Price',
        value:
          '{{yenPerMushroom}} yen per mushroom (tax included). Pack prices are shown on the purchase page.',
      },
      extraFees: {
        label: 'Charges other than the price',
        value: 'Internet connection and data charges are paid by the customer.',
      },
      payment: { label: 'Payment method', value: 'Credit card (processed by Square)' },
      paymentTiming: { label: 'Time of payment', value: 'Payment is made when you complete the purchase.' },
      delivery: {
        label: 'Time of delivery',
        value: 'Mushrooms are added to your account immediately after payment.',
      },
      returns: {
        label: 'Returns and cancellations',
        value:
          'Because these are digital goods, purchases cannot be returned or cancelled. If a system fault prevents you from receiving an item or service, we return the points within {{refundDays}} days of confirming the fault.',
      },
      validity: {
        label: 'Validity of points',
        value: '{{lotDays}} days from the date of purchase (cannot be extended)',
      },
      limits: {
        label: 'Purchase limits',
        value:
          '{{purchaseMin}} to {{purchaseMax}} mushrooms per purchase, up to {{dailyYenCap}} yen a day. Users under {{adultAge}}: up to {{minorCapLower}} yen a month under {{minorTierAge}}, up to {{minorCapUpper}} yen a month from {{minorTierAge}}.',
      },
      environment: {
        label: 'System requirements',
        value:
          'The latest browser on iOS or Android (Safari, Google Chrome), or the latest desktop browser (Google Chrome, Microsoft Edge, Safari, Firefox), with JavaScript and cookies enabled.',
      },
    },
  },
} as const;
