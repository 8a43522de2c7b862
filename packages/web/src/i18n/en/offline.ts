// The app opened from its cached shell while the server cannot be reached (issue 27 §5).
export const OFFLINE_EN = {
  shellOffline: 'Offline — reconnecting…',
  shellOfflineHint: 'The server cannot be reached. This page comes back by itself as soon as it can.',
};
