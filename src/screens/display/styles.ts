/**
 * Mantine component styles the customer display screens draw, loaded with their chunk: any of them may be
 * the first page opened, so each imports this (docs/architecture.md, "Mantine CSS comes with the page").
 */
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
