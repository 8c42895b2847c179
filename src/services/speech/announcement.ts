/** One payment to speak: what the speaker says and what the announcement queue deduplicates. */
export interface Announcement {
  /** transaction_id (va) or order_code (sale): what makes two events the same payment. */
  id: string;
  amount: number;
}
