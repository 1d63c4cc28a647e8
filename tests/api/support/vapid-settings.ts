import webpush from 'web-push';

const keys = webpush.generateVAPIDKeys();

/** The web push settings production requires, each a value of its own. */
export const productionPushSettings = {
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  VAPID_SUBJECT: 'mailto:operators@sewa.example.org',
};
