/**
 * Mantine component styles the kitchen screens draw, loaded with their chunk: /kitchen is the first
 * page a kitchen device opens, so each screen imports this (docs/architecture.md, "Mantine CSS comes
 * with the page"). The cashier's badge and code card are drawn inside pages that load these already
 * (orders, display), and import it too.
 */
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
