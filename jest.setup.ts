import '@testing-library/jest-dom';

// The app logs JSON lines to stdout; unit tests that want them pass a destination of their own.
process.env.LOG_LEVEL ??= 'silent';
