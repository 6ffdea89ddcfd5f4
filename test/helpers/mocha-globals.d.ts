// Browser tests run under web-test-runner's mocha, which provides describe/it/before... as globals.
/// <reference types="mocha" />
