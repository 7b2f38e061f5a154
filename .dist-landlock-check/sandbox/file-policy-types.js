export const FILE_DENIAL_REASONS = [
    'empty_path',
    'invalid_path',
    'outside_roots',
    'symlink_escape',
    'write_requires_writable_root',
    'protected_path',
    'deny_read',
    'not_regular_file',
    'hardlink',
];
//# sourceMappingURL=file-policy-types.js.map