// The app opened from its cached shell while the server cannot be reached.
export const OFFLINE_EN = {
  shellOffline: 'Offline — reconnecting…',
  shellOfflineHint: 'The server cannot be reached. This page comes back by itself as soon as it can.',
};
