/** Persian messages for delivery (Fluent). Codes never pass through Fluent: they are added to the formatted text in code. */
export const faDelivery = `
`;
