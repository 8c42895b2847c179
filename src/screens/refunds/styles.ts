/**
 * Mantine component styles the refund page draws beyond the always-loaded set, loaded with its chunk
 * (docs/architecture.md, "Mantine CSS comes with the page").
 */
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Combobox.css';
