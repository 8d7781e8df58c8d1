/** The query keys of attendance intake (devices). */
export const intakeKeys = {
  devices: ['attendance-intake', 'devices'] as const,
};
