/** The approvals area's address (D310): the owner's page of requests to decide and the approval PIN. */
export const approvalsPaths = {
  list: () => '/approvals',
} as const;
