/**
 * Mantine component styles of the e-invoice export dialog and the bulk panel, which may open on a
 * page that loaded none of them (the order detail, or /sale-order opened directly).
 */
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Table.css';
