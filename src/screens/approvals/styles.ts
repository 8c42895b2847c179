/**
 * Mantine component styles the approval step draws beyond the always-loaded set, loaded with the
 * gated page's chunk (docs/architecture.md, "Mantine CSS comes with the page").
 */
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
